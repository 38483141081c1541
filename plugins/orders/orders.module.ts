import { Module } from '@nestjs/common';
import { InventoryModule } from '../inventory';
import { CustomerEntityStore } from './customer.entity-store';
import { CustomerRepository } from './customer.repository';
import { CustomerService } from './customer.service';
import { OrderRepository } from './order.repository';
import { OrderService } from './order.service';
import { OrdersOperations } from './orders.operations';

/**
 * Customers, orders and order lines, with the order lifecycle (place, pay, ship, cancel) that
 * reserves and consumes stock through `InventoryModule`. Needs `DatabaseModule` (global) in the app.
 * @publicApi
 */
@Module({
  imports: [InventoryModule],
  providers: [
    CustomerEntityStore,
    CustomerRepository,
    CustomerService,
    OrderRepository,
    OrderService,
    OrdersOperations,
  ],
  exports: [CustomerRepository, OrderRepository],
})
export class OrdersModule {}
