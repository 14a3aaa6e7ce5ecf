package dev.cif.dist;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The legal files of what CIF ships, read from the unpacked tarball ({@link UnpackedDistribution}): the tarball's
 * LICENSE, NOTICE and licenses/, a licence file for every third-party jar its lib/ holds, and in every jar CIF
 * builds (the bundles among them) LICENSE, NOTICE and the licences and notices of the third-party code it bundles.
 * What is bundled is read from the artifacts themselves (lib/'s jars; a jar's META-INF/maven/ and its classes),
 * not from a list.
 */
class LicensesIT {
  /** Words only a licence's text has; one of them must open each licence file's text. */
  private static final List<String> LICENCE_TEXTS = List.of("Apache License", "Permission is hereby granted",
      "Redistribution and use in source and binary forms", "Eclipse Public License",
      "COMMON DEVELOPMENT AND DISTRIBUTION LICENSE", "Public Domain");
  private static final Pattern BUNDLED_POM = Pattern.compile("META-INF/maven/([^/]+)/([^/]+)/pom\\.properties");
  private static final Pattern SHADED = Pattern.compile("dev/cif/shaded/([^/]+)/.*");

  private static Path home;
  private static Path lib;
  private static String version;

  @BeforeAll
  static void unpack() throws Exception {
    home = UnpackedDistribution.get().home;
    lib = home.resolve("lib");
    version = System.getProperty("cif.dist.name").substring("cif-".length());
  }

  @Test
  void theTarballCarriesLicenceNoticeAndLicensesFolder() throws IOException {
    String licence = Files.readString(home.resolve("LICENSE"));
    assertTrue(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"), "LICENSE is not the Apache licence");
    assertTrue(Files.readString(home.resolve("NOTICE")).startsWith("CIF: column-oriented storage for Hadoop"), "NOTICE");
    assertTrue(Files.isDirectory(home.resolve("licenses")), "no licenses/");
  }

  @Test
  void everyThirdPartyJarInLibHasItsLicence() throws IOException {
    String licence = Files.readString(home.resolve("LICENSE"));
    List<Path> thirdParty = jars().stream().filter(j -> !isCifJar(j)).toList();
    assertTrue(thirdParty.size() > 100, "lib/ holds only " + thirdParty.size() + " third-party jars");
    List<String> missing = new ArrayList<>();
    for (Path jar : thirdParty) {
      String stem = jar.getFileName().toString().replaceFirst("\\.jar$", "");
      Path file = home.resolve("licenses").resolve(stem + ".txt");
      if (!Files.isRegularFile(file) || !isLicenceText(Files.readString(file))) missing.add(stem + ": no licenses/" + stem + ".txt with a licence's text");
      if (!licence.contains(lib.relativize(jar).toString())) missing.add(stem + ": not in LICENSE's appendix");
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        assertFalse(zip.stream().anyMatch(e -> e.getName().startsWith("dev/cif/")), jar + " holds CIF's classes but is not named as CIF's jars are");
      }
    }
    assertTrue(missing.isEmpty(), String.join("\n", missing));
  }

  @Test
  void everyCifJarCarriesLicenceNoticeAndTheLicencesOfWhatItBundles() throws IOException {
    List<Path> cifJars = jars().stream().filter(LicensesIT::isCifJar).toList();
    assertTrue(cifJars.stream().anyMatch(j -> j.getFileName().toString().startsWith("cif-pig-bundle-")), "no Pig bundle in lib/");
    assertTrue(cifJars.stream().anyMatch(j -> j.getFileName().toString().startsWith("cif-spark-bundle-")), "no Spark bundle in lib/");
    List<String> missing = new ArrayList<>();
    for (Path jar : cifJars) {
      String name = jar.getFileName().toString();
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        String licence = read(zip, "META-INF/LICENSE");
        String notice = read(zip, "META-INF/NOTICE");
        if (licence == null || !licence.contains("Apache License")) missing.add(name + ": no META-INF/LICENSE");
        if (notice == null || !notice.contains("CIF: column-oriented storage for Hadoop")) missing.add(name + ": no META-INF/NOTICE of CIF's");
        Set<String> bundled = new TreeSet<>();
        boolean foreignClasses = false;
        for (ZipEntry e : zip.stream().toList()) {
          Matcher pom = BUNDLED_POM.matcher(e.getName());
          if (pom.matches() && !pom.group(1).equals("dev.cif")) {
            bundled.add(pom.group(2));
            missing.addAll(noticeKept(zip, pom.group(1), pom.group(2), notice == null ? "" : notice, name));
          }
          Matcher shaded = SHADED.matcher(e.getName());
          if (shaded.matches()) bundled.add(shaded.group(1) + "*");
          foreignClasses |= e.getName().endsWith(".class") && !e.getName().startsWith("dev/cif/") && !e.getName().startsWith("META-INF/")
              && !isCifSource(e.getName());
        }
        if (foreignClasses && zip.stream().noneMatch(e -> e.getName().startsWith("META-INF/licenses/") && !e.isDirectory())) {
          missing.add(name + ": third-party classes and no META-INF/licenses/");
        }
        for (String component : bundled) {
          String prefix = "META-INF/licenses/" + component.replace("*", "");
          List<? extends ZipEntry> files = zip.stream().filter(e -> component.endsWith("*") ? e.getName().startsWith(prefix) : e.getName().equals(prefix + ".txt")).toList();
          if (files.isEmpty() || !isLicenceText(read(zip, files.get(0).getName()))) missing.add(name + ": bundles " + component + " without " + prefix + ".txt");
        }
      }
    }
    assertTrue(missing.isEmpty(), String.join("\n", missing));
  }

  /**
   * The bundled artifact's own NOTICE (its jar in the local repository, as its META-INF/maven/ names it) kept in
   * the bundle's merged NOTICE: each of its copyright lines is there.
   */
  private static List<String> noticeKept(ZipFile bundle, String groupId, String artifactId, String bundleNotice, String name) throws IOException {
    Properties pom = new Properties();
    try (InputStream in = bundle.getInputStream(bundle.getEntry("META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties"))) {
      pom.load(in);
    }
    String v = pom.getProperty("version");
    Path original = Path.of(System.getProperty("cif.local.repository"), groupId.replace('.', '/'), artifactId, v, artifactId + "-" + v + ".jar");
    if (!Files.isRegularFile(original)) return List.of(name + ": bundles " + groupId + ":" + artifactId + ":" + v + ", not in the local repository");
    List<String> lost = new ArrayList<>();
    try (ZipFile zip = new ZipFile(original.toFile())) {
      String notice = read(zip, "META-INF/NOTICE");
      if (notice == null) return List.of();
      for (String line : notice.split("\n")) {
        if (line.strip().startsWith("Copyright") && !bundleNotice.contains(line.strip())) lost.add(name + ": " + artifactId + "'s NOTICE line lost: " + line.strip());
      }
    }
    return lost;
  }

  private static List<Path> jars() throws IOException {
    try (Stream<Path> files = Files.walk(lib)) {
      return files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
    }
  }

  /** CIF's modules name their jars MODULE-VERSION.jar, and MODULE-VERSION-CLASSIFIER.jar. */
  private static boolean isCifJar(Path jar) {
    String name = jar.getFileName().toString();
    return name.endsWith("-" + version + ".jar") || name.contains("-" + version + "-");
  }

  /**
   * Whether a class outside dev/cif/ is CIF's own: a module's source defines it (placement-policy's NameNode
   * classes live in Hadoop's packages).
   */
  private static boolean isCifSource(String classEntry) throws IOException {
    String source = classEntry.replaceFirst("(\\$[^/]*)?\\.class$", ".java");
    Path root = Path.of(System.getProperty("cif.source.launcher")).getParent().getParent();
    try (Stream<Path> modules = Files.list(root)) {
      return modules.anyMatch(m -> Files.isRegularFile(m.resolve("src/main/java").resolve(source)));
    }
  }

  private static boolean isLicenceText(String text) {
    return LICENCE_TEXTS.stream().anyMatch(text::contains);
  }

  private static String read(ZipFile zip, String entry) throws IOException {
    ZipEntry e = zip.getEntry(entry);
    if (e == null) return null;
    try (InputStream in = zip.getInputStream(e)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
