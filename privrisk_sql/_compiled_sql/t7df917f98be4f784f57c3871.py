from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/distinct_counts.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_columns = resolve('columns')
    l_0_relation = resolve('relation')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield 'SELECT COUNT(*) AS n_rows\n'
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='columns') if l_0_columns is missing else l_0_columns), undefined):
        l_1_as_text = resolve('as_text')
        l_1_t = resolve('t')
        _loop_vars = {}
        pass
        yield '     , COUNT('
        yield str(t_1(context, l_1_c))
        yield ') AS present_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield '\n'
        if (l_1_c in (undefined(name='as_text') if l_1_as_text is missing else l_1_as_text)):
            pass
            yield '     , COUNT(DISTINCT CAST('
            yield str(t_1(context, l_1_c))
            yield ' AS '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'text'))
            yield ')) AS distinct_'
            yield str(environment.getattr(l_1_loop, 'index0'))
            yield '\n'
        else:
            pass
            yield '     , COUNT(DISTINCT '
            yield str(t_1(context, l_1_c))
            yield ') AS distinct_'
            yield str(environment.getattr(l_1_loop, 'index0'))
            yield '\n'
    l_1_loop = l_1_c = l_1_as_text = l_1_t = missing
    yield 'FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '6=21&7=27&8=31&9=34&11=43&14=49'