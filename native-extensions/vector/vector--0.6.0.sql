-- vector for the native runtime: the type, casts, operators, functions, aggregates and operator
-- classes of pgvector 0.6.0, over the C functions in src/ (compiled by the native runtime).
\echo Use "CREATE EXTENSION vector" to load this file. \quit

create type vector;

create function vector_in(cstring, oid, integer) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_out(vector) returns cstring
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_typmod_in(cstring[]) returns integer
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_recv(internal, oid, integer) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_send(vector) returns bytea
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;

-- external: large vectors are stored out of line uncompressed (floats hardly compress), as pgvector 0.6 does.
create type vector (
  input = vector_in, output = vector_out, typmod_in = vector_typmod_in,
  receive = vector_recv, send = vector_send, storage = external
);

-- functions

create function l2_distance(vector, vector) returns float8
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function inner_product(vector, vector) returns float8
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function cosine_distance(vector, vector) returns float8
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function l1_distance(vector, vector) returns float8
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_dims(vector) returns integer
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_norm(vector) returns float8
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_add(vector, vector) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_sub(vector, vector) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_mul(vector, vector) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;

-- private functions

create function vector_lt(vector, vector) returns bool
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_le(vector, vector) returns bool
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_eq(vector, vector) returns bool
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_ne(vector, vector) returns bool
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_ge(vector, vector) returns bool
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_gt(vector, vector) returns bool
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_cmp(vector, vector) returns integer
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_l2_squared_distance(vector, vector) returns float8
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_negative_inner_product(vector, vector) returns float8
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_accum(double precision[], vector) returns double precision[]
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_avg(double precision[]) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_combine(double precision[], double precision[]) returns double precision[]
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;

-- aggregates

create aggregate avg(vector) (
  sfunc = vector_accum, stype = double precision[], finalfunc = vector_avg,
  combinefunc = vector_combine, initcond = '{0}', parallel = safe
);
create aggregate sum(vector) (
  sfunc = vector_add, stype = vector, combinefunc = vector_add, parallel = safe
);

-- casts

create function vector(vector, integer, boolean) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function array_to_vector(integer[], integer, boolean) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function array_to_vector(real[], integer, boolean) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function array_to_vector(double precision[], integer, boolean) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function array_to_vector(numeric[], integer, boolean) returns vector
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;
create function vector_to_float4(vector, integer, boolean) returns real[]
  as 'MODULE_PATHNAME' language c immutable strict parallel safe;

create cast (vector as vector) with function vector(vector, integer, boolean) as implicit;
create cast (vector as real[]) with function vector_to_float4(vector, integer, boolean) as implicit;
create cast (integer[] as vector) with function array_to_vector(integer[], integer, boolean) as assignment;
create cast (real[] as vector) with function array_to_vector(real[], integer, boolean) as assignment;
create cast (double precision[] as vector) with function array_to_vector(double precision[], integer, boolean) as assignment;
create cast (numeric[] as vector) with function array_to_vector(numeric[], integer, boolean) as assignment;

-- operators

create operator <-> (leftarg = vector, rightarg = vector, procedure = l2_distance, commutator = '<->');
create operator <#> (leftarg = vector, rightarg = vector, procedure = vector_negative_inner_product, commutator = '<#>');
create operator <=> (leftarg = vector, rightarg = vector, procedure = cosine_distance, commutator = '<=>');
create operator + (leftarg = vector, rightarg = vector, procedure = vector_add, commutator = +);
create operator - (leftarg = vector, rightarg = vector, procedure = vector_sub);
create operator * (leftarg = vector, rightarg = vector, procedure = vector_mul, commutator = *);
create operator < (leftarg = vector, rightarg = vector, procedure = vector_lt,
  commutator = >, negator = >=, restrict = scalarltsel, join = scalarltjoinsel);
create operator <= (leftarg = vector, rightarg = vector, procedure = vector_le,
  commutator = >=, negator = >, restrict = scalarlesel, join = scalarlejoinsel);
create operator = (leftarg = vector, rightarg = vector, procedure = vector_eq,
  commutator = =, negator = <>, restrict = eqsel, join = eqjoinsel);
create operator <> (leftarg = vector, rightarg = vector, procedure = vector_ne,
  commutator = <>, negator = =, restrict = eqsel, join = eqjoinsel);
create operator >= (leftarg = vector, rightarg = vector, procedure = vector_ge,
  commutator = <=, negator = <, restrict = scalargesel, join = scalargejoinsel);
create operator > (leftarg = vector, rightarg = vector, procedure = vector_gt,
  commutator = <, negator = <=, restrict = scalargtsel, join = scalargtjoinsel);

-- btree, so vectors can be sorted, grouped and made unique

create operator class vector_ops default for type vector using btree as
  operator 1 <, operator 2 <=, operator 3 =, operator 4 >=, operator 5 >,
  function 1 vector_cmp(vector, vector);

-- ivfflat: lists of vectors around k-means centers (src/ivfflat-*.c)

create function ivfflathandler(internal) returns index_am_handler
  as 'MODULE_PATHNAME' language c;
create access method ivfflat type index handler ivfflathandler;
comment on access method ivfflat is 'ivfflat index access method';

-- Support functions: 1 ranks lists and rows; 2 present means rows and queries are normalized
-- (cosine); 4 present means the centers are (spherical k-means, for cosine and inner product).
create operator class vector_l2_ops default for type vector using ivfflat as
  operator 1 <-> (vector, vector) for order by float_ops,
  function 1 vector_l2_squared_distance(vector, vector);
create operator class vector_ip_ops for type vector using ivfflat as
  operator 1 <#> (vector, vector) for order by float_ops,
  function 1 vector_negative_inner_product(vector, vector),
  function 4 vector_norm(vector);
create operator class vector_cosine_ops for type vector using ivfflat as
  operator 1 <=> (vector, vector) for order by float_ops,
  function 1 vector_negative_inner_product(vector, vector),
  function 2 vector_norm(vector),
  function 4 vector_norm(vector);

-- hnsw: a navigable small-world graph (src/hnsw-*.c)

create function hnswhandler(internal) returns index_am_handler
  as 'MODULE_PATHNAME' language c;
create access method hnsw type index handler hnswhandler;
comment on access method hnsw is 'hnsw index access method';

-- Support functions: 1 is the distance the graph is built and searched with; 2 present means
-- rows and queries are normalized (cosine, searched by inner product).
create operator class vector_l2_ops for type vector using hnsw as
  operator 1 <-> (vector, vector) for order by float_ops,
  function 1 vector_l2_squared_distance(vector, vector);
create operator class vector_ip_ops for type vector using hnsw as
  operator 1 <#> (vector, vector) for order by float_ops,
  function 1 vector_negative_inner_product(vector, vector);
create operator class vector_cosine_ops for type vector using hnsw as
  operator 1 <=> (vector, vector) for order by float_ops,
  function 1 vector_negative_inner_product(vector, vector),
  function 2 vector_norm(vector);
