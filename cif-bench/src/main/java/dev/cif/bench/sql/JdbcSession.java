package dev.cif.bench.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A HiveServer2 reached over JDBC (e.g. {@code jdbc:hive2://host:10000/default}); the Hive JDBC driver
 * must be on the classpath. The server must see the data directory and have CIF's jars.
 */
final class JdbcSession implements SqlSession {
  private final Connection connection;

  JdbcSession(String url) throws Exception { connection = DriverManager.getConnection(url); }

  @Override
  public void set(String key, String value) throws Exception {
    try (Statement s = connection.createStatement()) {
      s.execute("SET " + key + "=" + value);
    }
  }

  @Override
  public List<String> run(String sql) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Statement s = connection.createStatement()) {
      if (!s.execute(sql)) return rows;
      try (ResultSet r = s.getResultSet()) {
        int n = r.getMetaData().getColumnCount();
        while (r.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            if (i > 1) row.append('\t');
            String v = r.getString(i);
            row.append(v == null ? "NULL" : v);
          }
          rows.add(row.toString());
        }
      }
    }
    return rows;
  }

  @Override public boolean readsInProcess() { return false; }

  @Override public void close() throws Exception { connection.close(); }
}
