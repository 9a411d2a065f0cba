from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/partition_sizes.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_partitions = resolve('partitions')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT n AS size, COUNT(*) AS partitions FROM '
    yield str(t_1(context, (undefined(name='partitions') if l_0_partitions is missing else l_0_partitions)))
    yield ' GROUP BY n ORDER BY n'

blocks = {}
debug_info = '2=19'