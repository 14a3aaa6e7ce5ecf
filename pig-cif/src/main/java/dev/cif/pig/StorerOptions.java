package dev.cif.pig;

import dev.cif.BlockCodec;
import dev.cif.ColumnLayout;
import dev.cif.schema.CifSchemas;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.pig.impl.logicalLayer.FrontendException;

/**
 * CifStorer's arguments: each is {@code column:setting} (several may share one argument, comma-separated),
 * where a setting is a layout (plain, sl / skip_list, dcsl) or a codec (none, zlib, lzo, lz4, snappy, zstd);
 * column {@code *} means every column. They become cif.layout and cif.codec for ColumnOutputFormat.
 */
final class StorerOptions {
  private final Map<String, ColumnLayout> layouts = new LinkedHashMap<>();
  private final Map<String, BlockCodec> codecs = new LinkedHashMap<>();

  static StorerOptions parse(String... args) {
    StorerOptions o = new StorerOptions();
    for (String arg : args) {
      for (String part : arg.split(",")) {
        String p = part.trim();
        if (p.isEmpty()) continue;
        int i = p.lastIndexOf(':');
        if (i <= 0) throw new IllegalArgumentException("CifStorer argument '" + p + "' is not column:layout or column:codec");
        o.add(p.substring(0, i).trim(), p.substring(i + 1).trim());
      }
    }
    return o;
  }

  private void add(String column, String setting) {
    ColumnLayout layout = layout(setting);
    if (layout != null) {
      layouts.put(column, layout);
      return;
    }
    try {
      codecs.put(column, BlockCodec.byName(setting));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("CifStorer: '" + setting + "' (for column " + column + ") is neither a layout "
          + "(plain, sl, dcsl) nor a codec (none, zlib, lzo, lz4, snappy, zstd)");
    }
  }

  private static ColumnLayout layout(String s) {
    try {
      return ColumnLayout.byName(s);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Refuses settings for columns the relation lacks, and DCSL for a column that is not a map. */
  void check(Schema schema) throws FrontendException {
    List<String> columns = new ArrayList<>();
    for (Schema.Field f : schema.getFields()) columns.add(f.name());
    for (String c : union(layouts.keySet(), codecs.keySet())) {
      if (!c.equals("*") && schema.getField(c) == null) {
        throw new FrontendException("CifStorer: argument names column " + c + ", which the relation lacks; its columns are " + columns);
      }
    }
    for (Map.Entry<String, ColumnLayout> e : layouts.entrySet()) {
      if (e.getValue() != ColumnLayout.DCSL || e.getKey().equals("*")) continue;
      Schema t = CifSchemas.nonNull(schema.getField(e.getKey()).schema());
      if (t.getType() != Schema.Type.MAP) {
        throw new FrontendException("CifStorer: layout dcsl is for map columns; column " + e.getKey() + " is " + t.getType().getName());
      }
    }
  }

  private static List<String> union(java.util.Collection<String> a, java.util.Collection<String> b) {
    List<String> out = new ArrayList<>(a);
    for (String s : b) if (!out.contains(s)) out.add(s);
    return out;
  }

  String layouts() { return join(layouts); }

  String codecs() { return join(codecs); }

  private static String join(Map<String, ? extends Enum<?>> m) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, ? extends Enum<?>> e : m.entrySet()) {
      if (sb.length() > 0) sb.append(',');
      sb.append(e.getKey()).append(':').append(e.getValue().name().toLowerCase(java.util.Locale.ROOT));
    }
    return sb.toString();
  }
}
