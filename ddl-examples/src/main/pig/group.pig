-- Pages and content bytes per (server, content type): a GROUP with aggregates.
pages = LOAD '$input' USING $loader;
typed = FOREACH pages GENERATE metadata#'server' AS server, metadata#'content-type' AS ctype, SIZE(content) AS len;
g = GROUP typed BY (server, ctype);
counts = FOREACH g GENERATE FLATTEN(group) AS (server, ctype), COUNT(typed) AS pages, SUM(typed.len) AS bytes;
STORE counts INTO '$output' USING PigStorage();
