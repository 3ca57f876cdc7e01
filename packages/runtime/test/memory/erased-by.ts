import { ErasedError } from '../../src/errors.js'

/** The ErasedError a read throws (fails the test when the read succeeds or throws something else). */
export function erasedBy(read: () => unknown): ErasedError {
  try {
    read()
  } catch (e) {
    if (e instanceof ErasedError) return e
    throw e
  }
  throw new Error('the read returned a value')
}
