// Sluice with row-level security on (servers/sluice.js, SLUICE_BENCH_RLS): the same server, each
// request run as a role under per-row policies, to compare with `sluice` on the same data.
process.env.SLUICE_BENCH_RLS = '1';
await import('./sluice.js');
