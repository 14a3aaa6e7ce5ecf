package dev.cif.bench.mr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Command-line arguments: positional words and {@code --name value} options, checked against a known set. */
final class BenchArgs {

  private final List<String> positional = new ArrayList<>();
  private final Map<String, String> options = new HashMap<>();

  BenchArgs(String[] args, int from, Set<String> known) {
    for (int i = from; i < args.length; i++) {
      String arg = args[i];
      if (arg.startsWith("--")) {
        String name = arg.substring(2);
        if (!known.contains(name)) {
          throw new IllegalArgumentException("unknown option --" + name + "; known: " + known);
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("--" + name + " needs a value");
        }
        options.put(name, args[++i]);
      } else {
        positional.add(arg);
      }
    }
  }

  List<String> positional() {
    return positional;
  }

  String get(String name, String fallback) {
    return options.getOrDefault(name, fallback);
  }

  String required(String name) {
    String value = options.get(name);
    if (value == null) {
      throw new IllegalArgumentException("--" + name + " is required");
    }
    return value;
  }

  long number(String name, long fallback) {
    String value = options.get(name);
    return value == null ? fallback : Long.parseLong(value.replace("_", ""));
  }

  List<String> list(String name, List<String> fallback) {
    String value = options.get(name);
    return value == null ? fallback : List.of(value.split(","));
  }
}
