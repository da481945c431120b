// execa's $.sync template.
import { $ } from 'execa';

$.sync`claude --version`; // want "RED:process-api"
