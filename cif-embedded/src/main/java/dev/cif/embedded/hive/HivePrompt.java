package dev.cif.embedded.hive;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive prompt of {@code bin/cif hive} run without -e or -f: JLine 3 (as Hive's Beeline) for line
 * editing and a history file; a statement runs when a line ends it with a semicolon outside quotes, and may
 * span lines. {@code quit;} or {@code exit;} or end of input (Ctrl-D) leaves; Ctrl-C drops the statement being
 * typed. A failed statement prints its one-line cause and the prompt goes on.
 */
final class HivePrompt {
  static final String PROMPT = "cif hive> ";
  static final String CONTINUATION = "        > ";

  private final HiveShell shell;
  private final File history;

  HivePrompt(HiveShell shell, File history) {
    this.shell = shell;
    this.history = history;
  }

  int run() throws IOException {
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("cif hive")
          .variable(LineReader.HISTORY_FILE, history.toPath()).build();
      StringBuilder typed = new StringBuilder();
      List<String> complete = new ArrayList<>();
      int quote = 0;
      try {
        while (true) {
          String line;
          try {
            line = reader.readLine(typed.toString().isBlank() && quote == 0 ? PROMPT : CONTINUATION);
          } catch (UserInterruptException e) {
            typed.setLength(0);
            quote = 0;
            continue;
          } catch (EndOfFileException e) {
            return 0;
          }
          quote = HiveShell.endOfStatement(line + "\n", quote, typed, complete);
          for (String statement : complete) {
            String word = statement.trim().toLowerCase(Locale.ROOT);
            if (word.equals("quit") || word.equals("exit")) return 0;
            shell.execute(statement);
          }
          complete.clear();
        }
      } finally {
        reader.getHistory().save();
      }
    }
  }
}
