// A method chain of forty links on a value not known here, in a file
// read for the primitive (dangerouslySetInnerHTML): each link is read
// once. Evaluating a call's receiver both for the method's model and for
// the callee's value doubled the work at each link, so eighteen
// `.replace()` links spent the evaluator's whole budget and the file was
// RED unparseable (a React page of a public repository). Clean.
import { spawn } from 'child_process';

function render(text: string): string {
  const v0 = text.replace(/a0/g, 'b').replace(/a1/g, 'b').replace(/a2/g, 'b').replace(/a3/g, 'b').replace(/a4/g, 'b').replace(/a5/g, 'b').replace(/a6/g, 'b').replace(/a7/g, 'b').replace(/a8/g, 'b').replace(/a9/g, 'b').replace(/a10/g, 'b').replace(/a11/g, 'b').replace(/a12/g, 'b').replace(/a13/g, 'b').replace(/a14/g, 'b').replace(/a15/g, 'b').replace(/a16/g, 'b').replace(/a17/g, 'b').replace(/a18/g, 'b').replace(/a19/g, 'b').replace(/a20/g, 'b').replace(/a21/g, 'b').replace(/a22/g, 'b').replace(/a23/g, 'b').replace(/a24/g, 'b').replace(/a25/g, 'b').replace(/a26/g, 'b').replace(/a27/g, 'b').replace(/a28/g, 'b').replace(/a29/g, 'b').replace(/a30/g, 'b').replace(/a31/g, 'b').replace(/a32/g, 'b').replace(/a33/g, 'b').replace(/a34/g, 'b').replace(/a35/g, 'b').replace(/a36/g, 'b').replace(/a37/g, 'b').replace(/a38/g, 'b').replace(/a39/g, 'b');
  const v1 = text.trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim().trim();
  const v2 = text.concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('').concat('');
  const v3 = text.slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0).slice(0);
  const v4 = text.toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase().toLowerCase();
  const v5 = text.padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1).padEnd(1);
  const v6 = text?.replace('x0', 'y')?.replace('x1', 'y')?.replace('x2', 'y')?.replace('x3', 'y')?.replace('x4', 'y')?.replace('x5', 'y')?.replace('x6', 'y')?.replace('x7', 'y')?.replace('x8', 'y')?.replace('x9', 'y')?.replace('x10', 'y')?.replace('x11', 'y')?.replace('x12', 'y')?.replace('x13', 'y')?.replace('x14', 'y')?.replace('x15', 'y')?.replace('x16', 'y')?.replace('x17', 'y')?.replace('x18', 'y')?.replace('x19', 'y')?.replace('x20', 'y')?.replace('x21', 'y')?.replace('x22', 'y')?.replace('x23', 'y')?.replace('x24', 'y')?.replace('x25', 'y')?.replace('x26', 'y')?.replace('x27', 'y')?.replace('x28', 'y')?.replace('x29', 'y')?.replace('x30', 'y')?.replace('x31', 'y')?.replace('x32', 'y')?.replace('x33', 'y')?.replace('x34', 'y')?.replace('x35', 'y')?.replace('x36', 'y')?.replace('x37', 'y')?.replace('x38', 'y')?.replace('x39', 'y');
  return [v0, v1, v2, v3, v4, v5, v6].join('');
}

export default function Page(p: { body: string }) {
  spawn('git', ['log', render(p.body)]);
  return <div dangerouslySetInnerHTML={{ __html: render(p.body) }} />;
}
