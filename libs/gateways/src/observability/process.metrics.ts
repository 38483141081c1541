import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * The process metrics an operator needs (CPU, memory, start time), under their standard names. Not
 * prom-client's full default set: its `nodejs_active_*_total` gauges break the naming rules that
 * `promtool check metrics` enforces, and its event-loop monitor costs CPU on every request.
 */
export function registerProcessMetrics(registers: Registry[]): void {
  const startSeconds = Math.round(Date.now() / 1000 - process.uptime());
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time spent by this process, in seconds.',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory size in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use, in bytes (the main isolate; sandbox isolates are apart).',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: 'process_start_time_seconds',
    help: 'Start time of the process since the Unix epoch, in seconds.',
    registers,
  }).set(startSeconds);
}
