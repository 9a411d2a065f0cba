from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/written_partitions.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_target = resolve('target')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT COUNT(*) AS n_parts, SUM(c) AS n_rows, MIN(c) AS smallest FROM (SELECT COUNT(*) AS c FROM '
    yield str((undefined(name='target') if l_0_target is missing else l_0_target))
    yield ' GROUP BY '
    yield str(t_1(context, 'partition_id'))
    yield ') x'

blocks = {}
debug_info = '3=19'