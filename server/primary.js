// The cluster primary (server.js with PostgreSQL and WEB_CONCURRENCY > 1): starts the serving
// processes, which share the port, replaces one that dies, and stops them all on SIGTERM or
// SIGINT. It serves nothing itself and opens no database.
import cluster from "node:cluster";
import process from "node:process";

export function runPrimary(count) {
  let stopping = false;
  // Workers that got as far as listening: one that exits before that failed to start.
  const listening = new Set();

  const fork = () => cluster.fork();
  cluster.on("listening", (worker) => listening.add(worker.id));

  cluster.on("exit", (worker, code, signal) => {
    const started = listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!started) {
      // The same cause (a bad environment, an unreachable database) would stop a replacement too.
      console.error(`A serving process failed to start (exit ${code ?? signal}); stopping.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = code || 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode);
      return;
    }
    console.error(`A serving process stopped (${code ?? signal}); starting another.`);
    fork();
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${count} serving processes…`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    // Each finishes its requests in flight (server/serve.js); the last exit ends the primary.
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let i = 0; i < count; i++) fork();
}
