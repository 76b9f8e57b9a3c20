// Per-operation request readers and response writers used by ExecuteJson. Internal to the wire
// module.
#pragma once

#include <string_view>

#include "ddblab/wire.h"

namespace ddblab::wire::internal {

// Request bodies -> request structs. Errors as Decoder::Finish describes.
Status FromJson(const Json& j, CreateTableRequest* r);
Status FromJson(const Json& j, DescribeTableRequest* r);
Status FromJson(const Json& j, ListTablesRequest* r);
Status FromJson(const Json& j, DeleteTableRequest* r);
Status FromJson(const Json& j, UpdateTableRequest* r);
Status FromJson(const Json& j, GetItemRequest* r);
Status FromJson(const Json& j, PutItemRequest* r);
Status FromJson(const Json& j, UpdateItemRequest* r);
Status FromJson(const Json& j, DeleteItemRequest* r);
Status FromJson(const Json& j, QueryRequest* r);
Status FromJson(const Json& j, ScanRequest* r);
Status FromJson(const Json& j, BatchGetItemRequest* r);
Status FromJson(const Json& j, BatchWriteItemRequest* r);
Status FromJson(const Json& j, TransactGetItemsRequest* r);
Status FromJson(const Json& j, TransactWriteItemsRequest* r);
Status FromJson(const Json& j, ExecuteStatementRequest* r);
Status FromJson(const Json& j, BatchExecuteStatementRequest* r);
Status FromJson(const Json& j, ExecuteTransactionRequest* r);
Status FromJson(const Json& j, TagResourceRequest* r);
Status FromJson(const Json& j, UntagResourceRequest* r);
Status FromJson(const Json& j, ListTagsOfResourceRequest* r);
Status FromJson(const Json& j, UpdateTimeToLiveRequest* r);
Status FromJson(const Json& j, DescribeTimeToLiveRequest* r);
Status FromJson(const Json& j, DescribeEndpointsRequest* r);
Status FromJson(const Json& j, DescribeLimitsRequest* r);
Status FromJson(const Json& j, ListStreamsRequest* r);
Status FromJson(const Json& j, DescribeStreamRequest* r);
Status FromJson(const Json& j, GetShardIteratorRequest* r);
Status FromJson(const Json& j, GetRecordsRequest* r);

// Response structs -> response bodies; `rcc` is the request's ReturnConsumedCapacity.
Json TableDescriptionToJson(const TableDescription& t);
Json ToJson(const CreateTableResponse& r, std::string_view rcc);
Json ToJson(const DescribeTableResponse& r, std::string_view rcc);
Json ToJson(const ListTablesResponse& r, std::string_view rcc);
Json ToJson(const DeleteTableResponse& r, std::string_view rcc);
Json ToJson(const UpdateTableResponse& r, std::string_view rcc);
Json ToJson(const GetItemResponse& r, std::string_view rcc);
Json ToJson(const PutItemResponse& r, std::string_view rcc);
Json ToJson(const UpdateItemResponse& r, std::string_view rcc);
Json ToJson(const DeleteItemResponse& r, std::string_view rcc);
Json ToJson(const QueryResponse& r, std::string_view rcc);  // also Scan
Json ToJson(const BatchGetItemResponse& r, std::string_view rcc);
Json ToJson(const BatchWriteItemResponse& r, std::string_view rcc);
Json ToJson(const TransactGetItemsResponse& r, std::string_view rcc);
Json ToJson(const TransactWriteItemsResponse& r, std::string_view rcc);
Json ToJson(const ExecuteStatementResponse& r, std::string_view rcc);
Json ToJson(const BatchExecuteStatementResponse& r, std::string_view rcc);
Json ToJson(const ExecuteTransactionResponse& r, std::string_view rcc);
Json ToJson(const TagResourceResponse& r, std::string_view rcc);
Json ToJson(const UntagResourceResponse& r, std::string_view rcc);
Json ToJson(const ListTagsOfResourceResponse& r, std::string_view rcc);
Json ToJson(const UpdateTimeToLiveResponse& r, std::string_view rcc);
Json ToJson(const DescribeTimeToLiveResponse& r, std::string_view rcc);
Json ToJson(const DescribeEndpointsResponse& r, std::string_view rcc);
Json ToJson(const DescribeLimitsResponse& r, std::string_view rcc);
Json ToJson(const ListStreamsResponse& r, std::string_view rcc);
Json ToJson(const DescribeStreamResponse& r, std::string_view rcc);
Json ToJson(const GetShardIteratorResponse& r, std::string_view rcc);
Json ToJson(const GetRecordsResponse& r, std::string_view rcc);

// The request's item shapes back to JSON (UnprocessedKeys / UnprocessedItems).
Json KeysAndAttributesToJson(const KeysAndAttributes& k);
Json WriteRequestToJson(const WriteRequest& w);

}  // namespace ddblab::wire::internal
