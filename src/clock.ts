/** Procfile `clock`: schedules that only enqueue, composed in src/processes/clock/. */
import './processes/require-supported-node.js';
import { runClockProcess } from './processes/clock/clock-process.js';

runClockProcess();
