import { ArgDescription, Entity, Normalize } from '@myko/registry';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Length, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';
import { PageInfo } from '../../common/dto/page-info.dto';
import { CUSTOMER_SEGMENTS, type CustomerSegment } from '../orders.constants';

/** Filters of the generated `query_GetCustomersByQuery` and `query_CountCustomers`. */
export class CustomerQuery {
  @IsOptional()
  @IsIn(CUSTOMER_SEGMENTS)
  segment?: CustomerSegment;

  @IsOptional()
  @IsString()
  @Length(1, 80)
  @ArgDescription('Exact city name, case-insensitive.')
  @Normalize('upper')
  city?: string;
}

/**
 * A customer account. As an entity it brings the generated customer operations (`GetAllCustomers`,
 * `GetCustomerById`, `CountCustomers`, `DeleteCustomer`, `SetCustomerSegment`, `SetCustomerCity`…).
 */
@Entity({
  idField: 'id',
  description: 'customer accounts',
  query: CustomerQuery,
  setters: ['segment', 'city'],
})
export class Customer {
  @IsInt()
  id: number;

  @IsString()
  @Describe('Person or company name.')
  name: string;

  @IsEmail()
  email: string;

  @IsIn(CUSTOMER_SEGMENTS)
  @Describe('consumer (private person), smb (small business) or enterprise.')
  segment: CustomerSegment;

  @IsString()
  @Length(2, 80)
  city: string;

  @IsString()
  @Describe('ISO 8601 UTC timestamp.')
  createdAt: string;
}

/** One page of customers. */
export class CustomerPage extends PageInfo {
  @ValidateNested({ each: true })
  @Type(() => Customer)
  items: Customer[];
}
