package dev.cif.bench.harness;

/** A format returned a different answer than the reference format: its timing would be meaningless. */
public final class AnswerMismatchException extends RuntimeException {

  public AnswerMismatchException(String message) {
    super(message);
  }
}
