// zx's $.sync is the same tag.
import { $ } from 'zx';

$.sync`timeout 60 claude -p hi`; // want "RED:direct-literal"
