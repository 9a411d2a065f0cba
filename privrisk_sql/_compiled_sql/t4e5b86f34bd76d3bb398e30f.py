from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/codes.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_rid = resolve('rid')
    l_0_t = resolve('t')
    l_0_dims = resolve('dims')
    l_0_rows = resolve('rows')
    l_0_m = missing
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    l_0_m = context.vars['m'] = environment.get_template('_mondrian.sql.j2', 'mondrian/codes.sql.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT r.'
    yield str(t_1(context, (undefined(name='rid') if l_0_rid is missing else l_0_rid)))
    yield ' AS rid, CAST(0 AS '
    yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'bigint'))
    yield ') AS pid\n'
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        _loop_vars = {}
        pass
        yield '     , CAST('
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'code'), l_1_d, str_join(('r.', t_1(context, environment.getattr(l_1_d, 'column')), )), _loop_vars=_loop_vars))
        yield ' AS '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'double'))
        yield ') AS c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
    l_1_d = missing
    yield 'FROM '
    yield str(t_1(context, (undefined(name='rows') if l_0_rows is missing else l_0_rows)))
    yield ' r\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'rank_joins'), (undefined(name='dims') if l_0_dims is missing else l_0_dims)))

blocks = {}
debug_info = '1=24&4=26&5=28&6=32&7=36&9=44&10=46'