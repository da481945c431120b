// More possibilities than the bound (16): the runtime among them is kept
// and, since others were left out, the launch is reported dynamic.
import { spawn } from 'child_process';

const TOOLS: Record<string, string> = { t0: 'tool0', t1: 'tool1', t2: 'tool2', t3: 'tool3', t4: 'tool4', t5: 'tool5', t6: 'tool6', t7: 'tool7', t8: 'tool8', t9: 'tool9', t10: 'tool10', t11: 'tool11', t12: 'tool12', t13: 'tool13', t14: 'tool14', t15: 'tool15', t16: 'tool16', t17: 'tool17', t18: 'tool18', t19: 'tool19', t20: 'tool20', t21: 'tool21', t22: 'tool22', t23: 'tool23', t24: 'tool24', t25: 'tool25', t26: 'tool26', t27: 'tool27', t28: 'tool28', t29: 'tool29', t30: 'tool30', t31: 'tool31', t32: 'tool32', t33: 'tool33', t34: 'tool34', t35: 'tool35', t36: 'tool36', t37: 'tool37', t38: 'tool38', t39: 'tool39', agent: 'claude' };

export function run(name: string) {
  spawn(TOOLS[name], ['-p']); // want "RED:dynamic"
}
