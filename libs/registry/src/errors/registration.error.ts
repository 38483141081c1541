/** The operation set is inconsistent (duplicate name, bad id, late registration); fails the boot. */
export class OperationRegistrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperationRegistrationError';
  }
}
