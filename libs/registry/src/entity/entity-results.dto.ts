import { IsBoolean, IsInt } from 'class-validator';
import { ArgDescription } from '../decorators/arg-description.decorator';

/** What `Delete<E>` answers. @publicApi */
export class EntityDeleted {
  @IsBoolean()
  @ArgDescription('False when there was no such record (nothing changed).')
  deleted: boolean;
}

/** What `Delete<E>s` answers. @publicApi */
export class EntitiesDeleted {
  @IsInt()
  @ArgDescription('How many of the ids existed and were deleted.')
  deleted: number;
}
