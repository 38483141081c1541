export { CLUSTER_TOPIC, instanceTopic, sessionTopic } from './bus-topics';
export { type BusHandler, type BusMessage, type BusSubscription, MessageBus } from './message-bus';
export { RedisMessageBus, type RedisMessageBusOptions } from './redis.message-bus';
