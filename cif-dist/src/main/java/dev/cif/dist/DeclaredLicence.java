package dev.cif.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A licence as a component's pom declares it ({@code <licenses><license><name>, <url>}), and the SPDX id it
 * names. A pom without {@code <licenses>} inherits its parent's, as Maven reads it: {@link #of} walks the parent
 * poms in the local repository.
 */
record DeclaredLicence(String name, String url, String spdx) {

  /**
   * The SPDX ids this build has the text of, in the order one is chosen among the alternatives of a
   * dual-licensed component (jetty: Apache-2.0 or EPL-1.0; jersey: CDDL-1.1 or GPL-2.0 with the classpath
   * exception): the most permissive first. GPL-2.0 with the classpath exception is never the only choice here.
   */
  static final List<String> PREFERENCE = List.of("Apache-2.0", "MIT", "BSD-2-Clause", "BSD-3-Clause", "EPL-2.0",
      "EPL-1.0", "CDDL-1.1", "CDDL-1.0", "Public-Domain");

  /** The licences the pom of groupId:artifactId:version (or its nearest parent that declares any) declares. */
  static List<DeclaredLicence> of(Path localRepository, String groupId, String artifactId, String version) throws IOException {
    Path pom = pomPath(localRepository, groupId, artifactId, version);
    for (int depth = 0; depth < 20 && Files.isRegularFile(pom); depth++) {
      Element project = parse(pom);
      Element licenses = child(project, "licenses");
      if (licenses != null) {
        List<DeclaredLicence> declared = new ArrayList<>();
        for (Node n = licenses.getFirstChild(); n != null; n = n.getNextSibling()) {
          if (n instanceof Element license && license.getTagName().equals("license")) {
            String name = text(child(license, "name"));
            String url = text(child(license, "url"));
            declared.add(new DeclaredLicence(name, url, spdx(name, url)));
          }
        }
        if (!declared.isEmpty()) return declared;
      }
      Element parent = child(project, "parent");
      if (parent == null) break;
      pom = pomPath(localRepository, text(child(parent, "groupId")), text(child(parent, "artifactId")), text(child(parent, "version")));
    }
    return List.of();
  }

  /**
   * The SPDX id of a declared licence, from its name and URL as poms spell them ("The Apache Software License,
   * Version 2.0", "CDDL+GPL_1_1.html", "bsd-license.php" ...), or null when it is none this build knows.
   * The Eclipse Distribution License 1.0 is the BSD 3-clause licence (SPDX lists it so); the Bouncy Castle
   * licence is the MIT licence; the Go licence is the BSD 3-clause licence.
   */
  static String spdx(String name, String url) {
    String n = name.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").trim();
    String u = url.toLowerCase(Locale.ROOT);
    if (n.contains("apache") || u.contains("apache.org/licenses/license-2.0") || u.contains("apache2.0")) return "Apache-2.0";
    if (n.matches(".*\\bmit\\b.*") || u.contains("mit-license") || u.contains("licenses/mit") || n.contains("bouncy castle")) return "MIT";
    if (n.contains("distribution license") || n.startsWith("edl") || u.contains("edl-v10")) return "BSD-3-Clause";
    if (n.contains("epl 2") || (n.contains("eclipse public license") && n.matches(".*\\b(v|version )2\\.0\\b.*"))
        || u.contains("epl-v20") || u.contains("epl-2.0")) return "EPL-2.0";
    if (n.contains("eclipse public license") || u.contains("epl-v10")) return "EPL-1.0";
    if (n.contains("cddl") && (n.contains("1.1") || u.contains("1_1"))) return "CDDL-1.1";
    if (n.contains("cddl")) return "CDDL-1.0";
    if (n.contains("bsd 2") || n.contains("bsd-2")) return "BSD-2-Clause";
    if (n.contains("bsd") || n.contains("go license")) return "BSD-3-Clause";
    if (n.equals("public domain")) return "Public-Domain";
    return null;
  }

  /** The one licence CIF redistributes the component under: the first of {@link #PREFERENCE} it offers, or null. */
  static DeclaredLicence chosen(List<DeclaredLicence> declared) {
    DeclaredLicence best = null;
    for (DeclaredLicence d : declared) {
      if (d.spdx() == null) continue;
      if (best == null || PREFERENCE.indexOf(d.spdx()) < PREFERENCE.indexOf(best.spdx())) best = d;
    }
    return best;
  }

  private static Path pomPath(Path repo, String groupId, String artifactId, String version) {
    return repo.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version).resolve(artifactId + "-" + version + ".pom");
  }

  private static Element parse(Path pom) throws IOException {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    } catch (Exception e) {
      throw new IOException(pom + ": not a readable pom: " + e.getMessage(), e);
    }
  }

  private static Element child(Element parent, String tag) {
    if (parent == null) return null;
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(tag)) return e;
    }
    return null;
  }

  private static String text(Element e) {
    return e == null ? "" : e.getTextContent().replaceAll("\\s+", " ").trim();
  }
}
