// A value 30 spreads deep is within the evaluator's bounds: it is
// followed to the runtime it names.
import { spawn } from 'child_process';
const o0 = { cmd: 'claude' };
const o1 = { ...o0 }; const o2 = { ...o1 }; const o3 = { ...o2 }; const o4 = { ...o3 }; const o5 = { ...o4 }; const o6 = { ...o5 }; const o7 = { ...o6 }; const o8 = { ...o7 }; const o9 = { ...o8 }; const o10 = { ...o9 }; const o11 = { ...o10 }; const o12 = { ...o11 }; const o13 = { ...o12 }; const o14 = { ...o13 }; const o15 = { ...o14 }; const o16 = { ...o15 }; const o17 = { ...o16 }; const o18 = { ...o17 }; const o19 = { ...o18 }; const o20 = { ...o19 }; const o21 = { ...o20 }; const o22 = { ...o21 }; const o23 = { ...o22 }; const o24 = { ...o23 }; const o25 = { ...o24 }; const o26 = { ...o25 }; const o27 = { ...o26 }; const o28 = { ...o27 }; const o29 = { ...o28 }; const o30 = { ...o29 };
spawn(o30.cmd); // want "RED:process-api"
