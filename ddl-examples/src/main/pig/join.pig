-- Each page with the number of pages of its content type: GROUP, then JOIN back (two jobs).
pages = LOAD '$input' USING $loader;
p = FOREACH pages GENERATE url, metadata#'content-type' AS ctype;
by_type = GROUP p BY ctype;
counts = FOREACH by_type GENERATE group AS ctype, COUNT(p) AS n;
j = JOIN p BY ctype, counts BY ctype;
answer = FOREACH j GENERATE p::url AS url, p::ctype AS ctype, counts::n AS n;
STORE answer INTO '$output' USING PigStorage();
