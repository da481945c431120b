// What tsc emits for a TypeScript file that imports child_process and a
// default-exporting spawner: `await (0, mod.fn)(...)` (tree-sitter reads
// it as a call of a function named await) and __importDefault(require(..))
// read through `.default`. Was silent in a package's dist/ folder.
"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.review = review;
const child_process_1 = require("child_process");
const nano_spawn_1 = __importDefault(require("nano-spawn"));
async function review(p) {
    await (0, child_process_1.execFile)("claude", ["-p", p]); // want "RED:process-api"
    await (0, nano_spawn_1.default)("pi", ["--print", p]); // want "RED:process-api"
}
