package dev.cif.embedded.console;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One line on the terminal that says what is running and for how long, redrawn in place twice a second
 * ({@code \r} and erase-to-end-of-line), and cleared when the work ends. Off (silent) when standard error
 * is not a terminal: Java cannot tell, so bin/cif says so in {@link #TERMINAL_ENV} ({@code [ -t 2 ]}).
 * Every step is also written to the log, a line each, so a run that is not watched can be followed there.
 */
public final class Progress implements AutoCloseable {
  /** Set to 1 by bin/cif when standard error is a terminal. */
  public static final String TERMINAL_ENV = "CIF_STDERR_TTY";
  private static final long REDRAW_MS = 500;

  private final PrintStream terminal;
  private final PrintStream log;
  private final ScheduledExecutorService redraw;
  private String step = null;
  private long started;

  private Progress(PrintStream terminal, PrintStream log) {
    this.terminal = terminal;
    this.log = log;
    if (terminal == null) {
      redraw = null;
    } else {
      redraw = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cif-progress");
        t.setDaemon(true);
        return t;
      });
      redraw.scheduleAtFixedRate(this::draw, REDRAW_MS, REDRAW_MS, TimeUnit.MILLISECONDS);
    }
  }

  /** A progress line on {@code terminal} if it is one (per {@link #TERMINAL_ENV}); steps logged to {@code log}. */
  public static Progress on(PrintStream terminal, PrintStream log) {
    return new Progress("1".equals(System.getenv(TERMINAL_ENV)) ? terminal : null, log);
  }

  /** Steps to the log only, no terminal line (tests, and output that is not a terminal). */
  public static Progress logOnly(PrintStream log) { return new Progress(null, log); }

  /** Starts a step: "load orc lineorder" and the like; the line shows it with its elapsed time. */
  public synchronized void start(String what) {
    step = what;
    started = System.nanoTime();
    draw();
  }

  /** Ends the current step with its outcome (e.g. "4 rows"), logged with the elapsed time. */
  public synchronized void done(String outcome) {
    if (step == null) return;
    String line = String.format(Locale.ROOT, "%s: %.1f s%s", step, elapsedSeconds(), outcome.isEmpty() ? "" : ", " + outcome);
    if (log != null) log.println(line);
    step = null;
    if (terminal != null) {
      terminal.print("\r\033[K" + line);
      terminal.flush();
    }
  }

  private double elapsedSeconds() { return (System.nanoTime() - started) / 1e9; }

  private synchronized void draw() {
    if (terminal == null || step == null) return;
    terminal.print(String.format(Locale.ROOT, "\r\033[K%s ... %.0f s", step, elapsedSeconds()));
    terminal.flush();
  }

  /** Clears the line (the terminal is left as it was before the first step). */
  @Override
  public synchronized void close() {
    if (redraw != null) redraw.shutdownNow();
    if (terminal != null) {
      terminal.print("\r\033[K");
      terminal.flush();
    }
  }
}
