#!/usr/bin/env node
/** Entry point of the `sluice` command (bin/sluice.js runs the built copy of this file). */
import { processIO } from './io.js';
import { runCli } from './runCli.js';

const code = await runCli(process.argv.slice(2), processIO());
// Exit explicitly: after a graceful shutdown, stray timers in user resolvers must not keep us up.
process.exit(code);
