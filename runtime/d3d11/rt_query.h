/* SPDX-License-Identifier: MIT */
/* rt_query.h — queries and predicates. */
#ifndef RT_QUERY_H
#define RT_QUERY_H

#include "rt_internal.h"

enum rt_query_state { RT_QUERY_NEW = 0, RT_QUERY_BUILDING = 1, RT_QUERY_ISSUED = 2 };

struct rt_query {
    struct rt_object obj;
    D3D11_QUERY_DESC desc;
    enum rt_query_state state;
};

UINT rt_query_data_size(D3D11_QUERY q);
BOOL rt_query_is_predicate(D3D11_QUERY q);

#endif
