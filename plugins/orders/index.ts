export { CustomerRepository } from './customer.repository';
export * from './dto/customer.dto';
export * from './dto/customer-args.dto';
export * from './dto/order.dto';
export * from './dto/order-args.dto';
export { OrderRepository } from './order.repository';
export {
  CUSTOMER_SEGMENTS,
  type CustomerSegment,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
} from './orders.constants';
export { OrdersModule } from './orders.module';
export { OrdersOperations } from './orders.operations';
