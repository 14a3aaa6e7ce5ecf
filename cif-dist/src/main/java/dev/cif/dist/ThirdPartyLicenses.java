package dev.cif.dist;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The distribution's legal files, made at build time from the jars its lib/ holds: licenses/JAR.txt for every
 * third-party jar (the licence its pom declares, with the jar's own licence file when it has one, else the
 * licence's text from src/main/licenses), LICENSE (the project's, with an appendix listing every third-party
 * jar and its licence) and NOTICE (the project's, then every distinct NOTICE the jars carry).
 *
 * <p>A jar is CIF's own when its name holds the project version; every other jar is found by name in the local
 * Maven repository, where its pom says its licence. A jar whose pom declares none must be listed in
 * overrides.properties (with where its licence was read); one whose licence this build has no text for fails
 * the build, naming the jar.
 *
 * <p>Usage: {@code ThirdPartyLicenses LIB_DIR DIST_DIR LOCAL_REPOSITORY TEXTS_DIR PROJECT_ROOT VERSION}.
 */
public final class ThirdPartyLicenses {
  /** A jar's own licence and notice files: at its root or in META-INF, any case, not a class. */
  private static final Pattern LICENCE_FILE = Pattern.compile("(?i)(META-INF/)?[^/]*(LICEN[CS]E|COPYING)[^/]*(?<!\\.class)");
  private static final Pattern NOTICE_FILE = Pattern.compile("(?i)(META-INF/)?[^/]*NOTICE[^/]*(?<!\\.class)");

  /** A sentence each licence's full text has, and a file that only names the licence lacks. */
  private static final Map<String, String> SIGNATURES = Map.of(
      "Apache-2.0", "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
      "MIT", "Permission is hereby granted, free of charge",
      "BSD-2-Clause", "Redistribution and use in source and binary forms",
      "BSD-3-Clause", "Redistribution and use in source and binary forms",
      "EPL-2.0", "Eclipse Public License - v 2.0",
      "EPL-1.0", "Eclipse Public License - v 1.0",
      "CDDL-1.1", "COMMON DEVELOPMENT AND DISTRIBUTION LICENSE (CDDL) Version 1.1",
      "CDDL-1.0", "COMMON DEVELOPMENT AND DISTRIBUTION LICENSE",
      "Public-Domain", "public domain");

  private final Path lib;
  private final Path dist;
  private final Path repository;
  private final Path texts;
  private final Path root;
  private final String version;
  private final Properties overrides = new Properties();
  private Map<String, List<Path>> repositoryJars;

  private ThirdPartyLicenses(Path lib, Path dist, Path repository, Path texts, Path root, String version) throws IOException {
    this.lib = lib;
    this.dist = dist;
    this.repository = repository;
    this.texts = texts;
    this.root = root;
    this.version = version;
    try (Reader r = Files.newBufferedReader(texts.resolve("overrides.properties"))) {
      overrides.load(r);
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 6) {
      System.err.println("usage: ThirdPartyLicenses LIB_DIR DIST_DIR LOCAL_REPOSITORY TEXTS_DIR PROJECT_ROOT VERSION");
      System.exit(2);
    }
    new ThirdPartyLicenses(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]), Path.of(args[3]), Path.of(args[4]), args[5]).write();
  }

  /** What one third-party jar is and carries. */
  private record Component(Path jar, String coordinates, DeclaredLicence licence, List<DeclaredLicence> declared,
                           String ownLicenceEntry, String ownLicence, String notice) {}

  private void write() throws IOException {
    List<Component> components = new ArrayList<>();
    try (Stream<Path> files = Files.walk(lib)) {
      for (Path jar : files.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
        if (!isCifJar(jar.getFileName().toString())) components.add(component(jar));
      }
    }
    Path licenses = Files.createDirectories(dist.resolve("licenses"));
    String apache = Files.readString(root.resolve("LICENSE"));
    StringBuilder appendix = new StringBuilder();
    appendix.append("\n\n").append("=".repeat(100)).append('\n')
        .append("APPENDIX: the third-party components this distribution bundles\n\n")
        .append("lib/ holds, besides CIF's own jars, the jars below, each under the licence named beside it (where its\n")
        .append("pom offers a choice, the one CIF redistributes it under). The licence's text, with the component's\n")
        .append("own licence file where its jar carries one, is in licenses/JAR.txt.\n\n");
    Map<String, List<String>> notices = new LinkedHashMap<>();
    for (Component c : components) {
      String name = lib.relativize(c.jar()).toString();
      String stem = c.jar().getFileName().toString().replaceFirst("\\.jar$", "");
      appendix.append(String.format("  %-70s %-14s %s%n", name, c.licence().spdx(), c.coordinates()));
      Files.writeString(licenses.resolve(stem + ".txt"), licenceFile(c, apache));
      if (c.notice() != null) notices.computeIfAbsent(c.notice().strip(), k -> new ArrayList<>()).add(name);
    }
    Files.writeString(dist.resolve("LICENSE"), apache + appendix);
    StringBuilder notice = new StringBuilder(Files.readString(root.resolve("NOTICE")));
    notice.append("\n").append("=".repeat(100)).append('\n')
        .append("The notices of the third-party components in lib/ (each once, with the jars that carry it):\n");
    for (Map.Entry<String, List<String>> e : notices.entrySet()) {
      notice.append("\n").append("-".repeat(100)).append('\n').append(String.join(", ", e.getValue())).append(":\n\n")
          .append(e.getKey()).append('\n');
    }
    Files.writeString(dist.resolve("NOTICE"), notice.toString());
    System.out.println("licenses/: " + components.size() + " third-party jars, " + notices.size() + " distinct notices");
  }

  /** CIF's own jars: every module's jar and the classifier jars its modules build carry the project version. */
  private boolean isCifJar(String name) {
    return name.endsWith("-" + version + ".jar") || name.contains("-" + version + "-");
  }

  private Component component(Path jar) throws IOException {
    Path inRepository = inRepository(jar);
    Path versionDir = inRepository.getParent();
    String v = versionDir.getFileName().toString();
    String artifactId = versionDir.getParent().getFileName().toString();
    String groupId = repository.relativize(versionDir.getParent().getParent()).toString().replace('/', '.');
    String coordinates = groupId + ":" + artifactId + ":" + v;
    List<DeclaredLicence> declared = DeclaredLicence.of(repository, groupId, artifactId, v);
    DeclaredLicence licence = DeclaredLicence.chosen(declared);
    if (declared.isEmpty()) {
      String spdx = overrides.getProperty(groupId + ":" + artifactId);
      if (spdx == null) {
        throw new IOException(jar + " (" + coordinates + "): its pom and parent poms declare no licence; read it and add "
            + groupId + ":" + artifactId + " to " + texts.resolve("overrides.properties"));
      }
      licence = new DeclaredLicence("(pom declares none; " + texts.resolve("overrides.properties").getFileName() + ")", "", spdx);
    }
    if (licence == null || !DeclaredLicence.PREFERENCE.contains(licence.spdx())) {
      throw new IOException(jar + " (" + coordinates + "): no text for its licence " + declared + " in " + texts);
    }
    // Every licence and notice file the jar carries (junit: LICENSE.md and LICENSE-notice.md; jackson-core: its
    // own and FastDoubleParser's), each headed by its name.
    StringBuilder own = new StringBuilder();
    List<String> ownEntries = new ArrayList<>();
    StringBuilder notice = new StringBuilder();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (ZipEntry e : zip.stream().filter(e -> !e.isDirectory()).sorted((a, b) -> a.getName().compareTo(b.getName())).toList()) {
        boolean isNotice = NOTICE_FILE.matcher(e.getName()).matches();
        if (LICENCE_FILE.matcher(e.getName()).matches() && !isNotice) {
          ownEntries.add(e.getName());
          own.append(ownEntries.size() > 1 ? "\n---- " + e.getName() + " ----\n\n" : "").append(read(zip, e));
        } else if (isNotice) {
          notice.append(notice.length() > 0 ? "\n---- " + e.getName() + " ----\n\n" : "").append(read(zip, e));
        }
      }
    }
    return new Component(jar, coordinates, licence, declared, String.join(", ", ownEntries),
        own.length() == 0 ? null : own.toString(), notice.length() == 0 ? null : notice.toString());
  }

  private String licenceFile(Component c, String apache) throws IOException {
    StringBuilder s = new StringBuilder();
    s.append(c.jar().getFileName()).append(": ").append(c.coordinates()).append('\n');
    s.append("Licence: ").append(c.licence().spdx());
    if (c.declared().size() > 1) s.append(" (chosen among what its pom offers)");
    s.append('\n');
    for (DeclaredLicence d : c.declared()) s.append("  its pom declares: ").append(d.name()).append(d.url().isEmpty() ? "" : " <" + d.url() + ">").append('\n');
    if (c.declared().isEmpty()) s.append("  ").append(c.licence().name()).append('\n');
    String text = c.licence().spdx().equals("Apache-2.0") ? apache : Files.readString(texts.resolve(c.licence().spdx() + ".txt"));
    if (c.ownLicence() != null) {
      s.append("Below: the jar's own ").append(c.ownLicenceEntry()).append(".\n\n").append(c.ownLicence());
      // Some jars' licence file only points at the licence (jackson 1: "See the License ..."): its terms follow.
      if (!normalized(c.ownLicence()).contains(normalized(SIGNATURES.get(c.licence().spdx())))) {
        s.append("\n\n---- the licence's text (").append(c.licence().spdx()).append(") ----\n\n").append(text);
      }
    } else {
      s.append("Below: the licence's text (the jar carries none; the component's copyright notice is in its sources).\n\n").append(text);
    }
    return s.toString();
  }

  /** The jar's file in the local repository: by name, the one with the same bytes where names repeat. */
  private Path inRepository(Path jar) throws IOException {
    if (repositoryJars == null) {
      repositoryJars = new TreeMap<>();
      try (Stream<Path> files = Files.walk(repository)) {
        files.filter(p -> p.toString().endsWith(".jar"))
            .forEach(p -> repositoryJars.computeIfAbsent(p.getFileName().toString(), k -> new ArrayList<>()).add(p));
      }
    }
    for (Path candidate : repositoryJars.getOrDefault(jar.getFileName().toString(), List.of())) {
      if (Files.mismatch(candidate, jar) == -1) return candidate;
    }
    throw new IOException(jar + ": not in the local repository " + repository + ", so its pom (and licence) is unknown");
  }

  private static String normalized(String text) {
    return text.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }

  private static String read(ZipFile zip, ZipEntry e) throws IOException {
    try (InputStream in = zip.getInputStream(e)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
