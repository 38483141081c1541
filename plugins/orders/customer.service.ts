import { ConflictError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database';
import { CustomerRepository } from './customer.repository';
import type { Customer } from './dto/customer.dto';
import type { CreateCustomerArgs, UpdateCustomerArgs } from './dto/customer-args.dto';

/** Customer-changing rules; every method is atomic. */
@Injectable()
export class CustomerService {
  constructor(
    private readonly database: DatabaseService,
    private readonly customers: CustomerRepository,
  ) {}

  create(args: CreateCustomerArgs): Customer {
    return this.database.transaction(() => {
      this.assertEmailFree(args.email);
      return this.customers.requireById(this.customers.insert(args));
    });
  }

  update(args: UpdateCustomerArgs): Customer {
    return this.database.transaction(() => {
      this.customers.requireById(args.customerId);
      if (args.email) this.assertEmailFree(args.email, args.customerId);
      this.customers.update(args);
      return this.customers.requireById(args.customerId);
    });
  }

  private assertEmailFree(email: string, exceptCustomerId?: number): void {
    const owner = this.customers.idByEmail(email);
    if (owner !== undefined && owner !== exceptCustomerId) {
      throw new ConflictError(`Email ${email} is already used by customer ${owner}`, 'duplicate_email');
    }
  }
}
