/**
 * Every API test file runs with this: a query sent on a connection that is still answering
 * another fails the file. node-postgres only warns about it (once per process, and it will be an
 * error in pg 9); it happens when a transaction's queries are started together (`Promise.all`
 * on a `tx`), and on the embedded database's one connection it interleaves with pg-boss's.
 */
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing')) {
    throw new Error(`Overlapping queries on one database connection:\n${warning.stack ?? ''}`);
  }
});
