import { OPERATION_KINDS, type OperationDescriptor } from '@myko/registry';
import { SCHEMA_URI_PREFIX } from '../../dispatch.constants';

const SCHEMA_URI = new RegExp(`^myko://schema/(${OPERATION_KINDS.join('|')})/([A-Za-z_$][A-Za-z0-9_$]*)$`);

/** `myko://schema/<kind>/<id>` of an operation. */
export function schemaUriOf(op: OperationDescriptor): string {
  return `${SCHEMA_URI_PREFIX}${op.kind}/${op.id}`;
}

/** The operation name (`<kind>_<id>`) a schema URI points at, or undefined when it is not one. */
export function operationNameOfUri(uri: string): string | undefined {
  const match = SCHEMA_URI.exec(uri);
  return match ? `${match[1]}_${match[2]}` : undefined;
}
