// Near miss of cp_module_named_in_list.js: a list of Node's core modules
// (as TypeScript keeps one) that no computed load reads, beside a RegExp's
// exec and the runtime's name as data.
const coreModules = ["assert", "child_process", "fs"];
const isCore = (m) => coreModules.includes(m);
const entities = { pi: 960, rho: 961 };
/x/.exec(String(isCore("fs")) + entities.pi);
