from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'classes/row_and_null_counts.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_columns = resolve('columns')
    l_0_ranges = resolve('ranges')
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
        l_1_fn = resolve('fn')
        _loop_vars = {}
        pass
        yield '     , COUNT(*) - COUNT('
        yield str((context.call(environment.getattr((undefined(name='fn') if l_1_fn is missing else l_1_fn), 'nan_to_null'), t_1(context, environment.getattr(l_1_c, 'name')), _loop_vars=_loop_vars) if environment.getattr(l_1_c, 'is_float') else t_1(context, environment.getattr(l_1_c, 'name'))))
        yield ') AS missing_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield '\n'
    l_1_loop = l_1_c = l_1_fn = missing
    l_1_loop = missing
    for l_1_c, l_1_loop in LoopContext((undefined(name='ranges') if l_0_ranges is missing else l_0_ranges), undefined):
        _loop_vars = {}
        pass
        yield '     , MIN('
        yield str(t_1(context, l_1_c))
        yield ') AS min_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield ', MAX('
        yield str(t_1(context, l_1_c))
        yield ') AS max_'
        yield str(environment.getattr(l_1_loop, 'index0'))
        yield '\n'
    l_1_loop = l_1_c = missing
    yield 'FROM '
    yield str((undefined(name='relation') if l_0_relation is missing else l_0_relation))

blocks = {}
debug_info = '5=22&6=27&8=33&9=37&11=47'