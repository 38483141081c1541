import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsString, ValidateNested } from 'class-validator';
import { Describe } from '../../common/describe.decorator';
import { PageInfo } from '../../common/dto/page-info.dto';
import { CUSTOMER_SEGMENTS, type CustomerSegment } from '../orders.constants';

/** A customer account. */
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
