package dev.cif.command;

/** A command line a command cannot run: {@link Main} prints the message and the command's usage, exit status 2. */
public final class UsageException extends RuntimeException {
  public UsageException(String message) {
    super(message);
  }
}
