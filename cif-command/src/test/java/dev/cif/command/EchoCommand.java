package dev.cif.command;

import java.io.PrintStream;
import java.net.UnknownHostException;

/** A command for {@link MainTest}: prints a setting of its client configuration, or fails as told. */
public final class EchoCommand implements Command {
  @Override public String name() { return "echo-conf"; }

  @Override public String summary() { return "prints a setting"; }

  @Override public String help() { return "usage: cif echo-conf KEY\nprints KEY's value in the client configuration"; }

  @Override
  public int run(ClientConf client, String[] args, PrintStream out) throws Exception {
    if (args.length != 1) throw new UsageException("expected one KEY");
    if (args[0].equals("block-missing")) throw new java.io.IOException("Could not obtain block: blk_1 file=/t/schema-0000.cif");
    if (args[0].equals("unknown-host")) throw new RuntimeException(new java.io.IOException("call failed", new UnknownHostException("node3.cif.test")));
    out.println(client.configuration().get(args[0]) + " " + client.directory().isPresent());
    return 0;
  }
}
