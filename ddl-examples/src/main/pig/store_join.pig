-- A join's result stored as CIF: Pig's p::url field names become CIF columns p__url.
pages = LOAD '$input' USING $loader;
p = FOREACH pages GENERATE url, metadata;
by_server = GROUP p BY metadata#'server';
counts = FOREACH by_server GENERATE group AS server, COUNT(p) AS n;
j = JOIN p BY metadata#'server', counts BY server;
STORE j INTO '$output' USING dev.cif.pig.CifStorer('p__metadata:dcsl', '*:zstd');
