/** Topic every instance subscribes to: the rare messages any instance may need (cancellations, events). */
export const CLUSTER_TOPIC = 'cluster';

/** Topic of one instance: messages for what it alone holds (the client's answer to a request it awaits). */
export function instanceTopic(instanceId: string): string {
  return `i:${instanceId}`;
}

/** Topic of one session: subscribed by the instance holding the session's stream of session-level messages. */
export function sessionTopic(sessionId: string): string {
  return `s:${sessionId}`;
}
