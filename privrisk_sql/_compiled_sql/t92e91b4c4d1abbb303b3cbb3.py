from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'mondrian/globals.sql.j2'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fn = resolve('fn')
    l_0_name = resolve('name')
    l_0_dims = resolve('dims')
    l_0_work = resolve('work')
    try:
        t_1 = environment.filters['quote']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'quote' found.")
    pass
    yield str(context.call(environment.getattr((undefined(name='fn') if l_0_fn is missing else l_0_fn), 'create_temp_table_as'), (undefined(name='name') if l_0_name is missing else l_0_name)))
    yield '\nSELECT COUNT(*) AS n\n'
    for l_1_d in (undefined(name='dims') if l_0_dims is missing else l_0_dims):
        l_1_values = resolve('values')
        l_1_t = resolve('t')
        l_1_null_leaf_code = resolve('null_leaf_code')
        _loop_vars = {}
        pass
        yield '     , COUNT(DISTINCT c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ') + MAX(CASE WHEN c'
        yield str(environment.getattr(l_1_d, 'index'))
        yield ' IS NULL THEN 1 ELSE 0 END) AS values'
        yield str(environment.getattr(l_1_d, 'index'))
        yield '\n'
        if environment.getattr(l_1_d, 'is_categorical'):
            pass
            l_1_values = str_join(('(COUNT(DISTINCT c', environment.getattr(l_1_d, 'index'), ') + MAX(CASE WHEN c', environment.getattr(l_1_d, 'index'), ' IS NULL THEN 1 ELSE 0 END))', ))
            _loop_vars['values'] = l_1_values
            yield '     , CAST('
            yield str((undefined(name='values') if l_1_values is missing else l_1_values))
            yield ' - 1 AS '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
            yield ') AS range'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n     , CAST(CASE WHEN '
            yield str((undefined(name='values') if l_1_values is missing else l_1_values))
            yield ' > 1 THEN '
            yield str((undefined(name='values') if l_1_values is missing else l_1_values))
            yield ' - 1 ELSE 1 END AS '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
            yield ') AS scale'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n     , CAST('
            yield str((-1 if (environment.getattr(l_1_d, 'kind') == 'boolean') else 0))
            yield ' AS '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
            yield ') AS null_code'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
        else:
            pass
            yield '     , COALESCE(MAX(c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') - MIN(c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '), 0) AS range'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n     , CASE WHEN MAX(c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') > MIN(c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') THEN MAX(c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') - MIN(c'
            yield str(environment.getattr(l_1_d, 'index'))
            yield ') ELSE 1 END AS scale'
            yield str(environment.getattr(l_1_d, 'index'))
            yield '\n'
            if (environment.getattr(l_1_d, 'is_hierarchy') and environment.getattr(l_1_d, 'has_nulls')):
                pass
                yield '     , CAST('
                yield str((undefined(name='null_leaf_code') if l_1_null_leaf_code is missing else l_1_null_leaf_code))
                yield ' AS '
                yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'double'))
                yield ') AS null_code'
                yield str(environment.getattr(l_1_d, 'index'))
                yield '\n'
            else:
                pass
                yield '     , COALESCE(MIN(c'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ') - CASE WHEN MAX(c'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ') > MIN(c'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ') THEN MAX(c'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ') - MIN(c'
                yield str(environment.getattr(l_1_d, 'index'))
                yield ') ELSE 1 END, 0) AS null_code'
                yield str(environment.getattr(l_1_d, 'index'))
                yield '\n'
    l_1_d = l_1_values = l_1_t = l_1_null_leaf_code = missing
    yield 'FROM '
    yield str(t_1(context, (undefined(name='work') if l_0_work is missing else l_0_work)))

blocks = {}
debug_info = '7=21&9=23&10=30&11=36&12=38&13=41&14=47&15=55&17=64&18=70&19=80&20=83&22=92&26=106'