package dev.cif.embedded.hive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Creates the metastore's transaction tables (TXNS, HIVE_LOCKS, COMPACTION_QUEUE, ...) in an embedded session's
 * Derby metastore, once. DataNucleus creates only the tables it maps; Hive's transaction manager
 * (DbTxnManager, behind insert-only transactional tables and the compactor) needs these too, and without them
 * every statement under DbTxnManager fails with "Failed to open a new transaction" (Table/View 'TXN_LOCK_TBL'
 * does not exist). The statements are in {@code transaction-tables.derby.sql} beside this class.
 */
final class TransactionTables {
  private static final String SCRIPT = "transaction-tables.derby.sql";

  private TransactionTables() {}

  /** Creates the tables in the database at {@code jdbcUrl} unless TXNS is there already. */
  static void create(String jdbcUrl) {
    try (Connection c = DriverManager.getConnection(jdbcUrl)) {
      try (ResultSet r = c.getMetaData().getTables(null, null, "TXNS", null)) {
        if (r.next()) return;
      }
      try (Statement s = c.createStatement()) {
        for (String sql : statements()) s.execute(sql);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create the transaction tables of the metastore at " + jdbcUrl + ": "
          + e.getMessage(), e);
    }
  }

  /** The script's statements: comment lines dropped, split at each ';' that ends a line. */
  private static String[] statements() {
    try (InputStream in = TransactionTables.class.getResourceAsStream(SCRIPT)) {
      if (in == null) throw new IllegalStateException(SCRIPT + " is missing from the classpath");
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
      return java.util.Arrays.stream(text.split(";\\s*(\\n|$)")).map(String::trim).filter(s -> !s.isEmpty())
          .toArray(String[]::new);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + SCRIPT, e);
    }
  }
}
