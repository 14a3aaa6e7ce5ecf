package dev.cif.cli;

import dev.cif.command.UsageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** "--name value" options and positional arguments. */
final class Args {
  final List<String> positional = new ArrayList<>();
  private final Map<String, String> options = new HashMap<>();

  Args(String[] args) {
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--")) {
        String k = args[i].substring(2);
        int eq = k.indexOf('=');
        if (eq >= 0) options.put(k.substring(0, eq), k.substring(eq + 1));
        else if (i + 1 < args.length) options.put(k, args[++i]);
        else throw new UsageException("option --" + k + " needs a value");
      } else {
        positional.add(args[i]);
      }
    }
  }

  String path() {
    if (positional.size() != 1) throw new UsageException("expected one PATH");
    return positional.get(0);
  }

  String get(String name, String dflt) { return options.getOrDefault(name, dflt); }

  String require(String name) {
    String v = options.get(name);
    if (v == null) throw new UsageException("missing --" + name);
    return v;
  }

  long getLong(String name, long dflt) {
    String v = options.get(name);
    try {
      return v == null ? dflt : Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new UsageException("--" + name + " takes a number, got " + v);
    }
  }
}
