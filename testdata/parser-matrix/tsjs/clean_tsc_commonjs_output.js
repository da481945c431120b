// Near miss of tsc_commonjs_output.js: the same emitted shapes running git.
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.log = log;
const child_process_1 = require("child_process");
const nano_spawn_1 = __importDefault(require("nano-spawn"));
async function log(p) {
    await (0, child_process_1.execFile)("git", ["log", p]);
    await (0, nano_spawn_1.default)("git", ["status"]);
}
