import type { Counter, Histogram } from 'prom-client';

type Child<M extends Counter<string> | Histogram<string>> = ReturnType<M['labels']>;

/**
 * prom-client's per-label-set children, kept by a key of the label values: `metric.inc(labels)`
 * hashes the label object (sorting its keys) on every call, which is most of a request's metrics
 * cost. Label values are bounded (see `defineMetrics`), so the maps are too.
 */
export class LabelledChildren {
  private readonly byMetric = new Map<object, Map<string, unknown>>();

  /** The child of `metric` for these label values, in the order of its `labelNames`. */
  of<M extends Counter<string> | Histogram<string>>(metric: M, ...values: string[]): Child<M> {
    let children = this.byMetric.get(metric);
    if (!children) {
      children = new Map();
      this.byMetric.set(metric, children);
    }
    const key = values.join('\u0000');
    let child = children.get(key) as Child<M> | undefined;
    if (!child) {
      child = metric.labels(...values) as Child<M>;
      children.set(key, child);
    }
    return child;
  }
}
