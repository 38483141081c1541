/**
 * Thrown into an `execute` script when the client's callability filter refuses a `myko.*` call
 * (an argument value outside the allow list, or inside the deny list).
 */
export class CallRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallRefusedError';
  }
}
