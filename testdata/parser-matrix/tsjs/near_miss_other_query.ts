// A query() from another module is not the Agent SDK.
import { query } from './db';

const rows = await query({ sql: 'select 1', prompt: 'claude' });
