import { ArgDescription, Normalize } from '@myko/registry';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsInt, IsOptional, IsString, Length } from 'class-validator';
import { PageArgs } from '../../common/dto/page-args.dto';
import { CUSTOMER_SEGMENTS, type CustomerSegment } from '../orders.constants';

/** Filters of `query_ListCustomers`. */
export class ListCustomersArgs extends PageArgs {
  @IsOptional()
  @IsIn(CUSTOMER_SEGMENTS)
  segment?: CustomerSegment;

  @IsOptional()
  @IsString()
  @ArgDescription('Exact city name, case-insensitive.')
  @Normalize('upper')
  city?: string;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  @ArgDescription('Case-insensitive text contained in the name or email.')
  @Normalize('lower')
  search?: string;
}

/** Lookup of `query_GetCustomers`. */
export class GetCustomersArgs {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  ids?: number[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsEmail({}, { each: true })
  @ArgDescription('Emails to look up (case-insensitive).')
  @Normalize('lower')
  emails?: string[];
}

/** Arguments of `command_CreateCustomer`. */
export class CreateCustomerArgs {
  @IsString()
  @Length(2, 120)
  @ArgDescription('Person or company name.')
  name: string;

  @IsEmail()
  @ArgDescription('Unique email address.')
  email: string;

  @IsIn(CUSTOMER_SEGMENTS)
  segment: CustomerSegment;

  @IsString()
  @Length(2, 80)
  city: string;
}

/** Arguments of `command_UpdateCustomer`: only the fields given change. */
export class UpdateCustomerArgs {
  @IsInt()
  customerId: number;

  @IsOptional()
  @IsString()
  @Length(2, 120)
  name?: string;

  @IsOptional()
  @IsEmail()
  @ArgDescription('New unique email address.')
  email?: string;

  @IsOptional()
  @IsIn(CUSTOMER_SEGMENTS)
  segment?: CustomerSegment;

  @IsOptional()
  @IsString()
  @Length(2, 80)
  city?: string;
}
