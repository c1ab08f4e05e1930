/**
 * `npm start`: every process in one command (web + worker + clock) with embedded defaults.
 * Each is the Procfile's own entry run as a supervised child (src/processes/supervisor/): one
 * that dies (an uncaught error, a native crash, a kill) is logged with why and started again
 * with back-off while the others keep going. Production runs the Procfile's processes separately.
 */
import './processes/require-supported-node.js';
import { runSupervisorProcess } from './processes/supervisor/supervisor-process.js';

runSupervisorProcess();
